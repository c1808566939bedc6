/** Announcement management (ru-RU). */
export default {};
