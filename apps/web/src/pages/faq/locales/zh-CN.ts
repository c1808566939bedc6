/** Common problem management (zh-CN). */
export default {};
