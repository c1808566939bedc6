/** Message notification (zh-CN). */
export default {};
