/** Institution management and agent activation (zh-CN). */
export default {};
