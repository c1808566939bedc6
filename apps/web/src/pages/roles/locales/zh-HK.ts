/** Role management (zh-HK). */
export default {};
