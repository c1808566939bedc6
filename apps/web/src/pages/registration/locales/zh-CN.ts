/** Registration and password recovery (zh-CN). */
export default {};
