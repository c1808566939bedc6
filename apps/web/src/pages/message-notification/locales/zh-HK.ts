/** Message notification (zh-HK). */
export default {};
