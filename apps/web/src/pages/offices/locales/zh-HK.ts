/** Institution management and agent activation (zh-HK). */
export default {};
