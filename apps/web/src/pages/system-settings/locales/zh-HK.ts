/** System settings (zh-HK). */
export default {};
