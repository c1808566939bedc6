/** Personal center (zh-HK). */
export default {};
