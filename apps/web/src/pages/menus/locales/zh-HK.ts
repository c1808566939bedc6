/** Menu management (zh-HK). */
export default {};
