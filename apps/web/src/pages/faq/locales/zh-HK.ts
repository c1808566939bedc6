/** Common problem management (zh-HK). */
export default {};
