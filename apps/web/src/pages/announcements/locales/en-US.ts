/** Announcement management (en-US). */
export default {};
