/** User management (zh-HK). */
export default {};
