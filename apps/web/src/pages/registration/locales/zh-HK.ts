/** Registration and password recovery (zh-HK). */
export default {};
