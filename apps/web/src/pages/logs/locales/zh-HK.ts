/** System log (zh-HK). */
export default {};
