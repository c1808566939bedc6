/** Menu management (zh-CN). */
export default {};
