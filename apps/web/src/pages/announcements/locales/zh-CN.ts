/** Announcement management (zh-CN). */
export default {};
