/** Announcement management (it-IT). */
export default {};
