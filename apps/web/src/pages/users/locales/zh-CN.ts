/** User management (zh-CN). */
export default {};
