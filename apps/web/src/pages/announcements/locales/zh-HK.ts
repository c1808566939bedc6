/** Announcement management (zh-HK). */
export default {};
