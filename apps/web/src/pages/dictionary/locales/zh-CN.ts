/** Dictionary management (zh-CN). */
export default {};
