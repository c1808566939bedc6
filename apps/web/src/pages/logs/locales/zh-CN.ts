/** System log (zh-CN). */
export default {};
