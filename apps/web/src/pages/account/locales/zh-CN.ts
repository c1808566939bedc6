/** Personal center (zh-CN). */
export default {};
