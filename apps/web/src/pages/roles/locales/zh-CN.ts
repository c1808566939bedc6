/** Role management (zh-CN). */
export default {};
