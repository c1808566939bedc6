/** Dictionary management (zh-HK). */
export default {};
