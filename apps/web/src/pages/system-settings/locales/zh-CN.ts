/** System settings (zh-CN). */
export default {};
