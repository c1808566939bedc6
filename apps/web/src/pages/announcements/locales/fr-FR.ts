/** Announcement management (fr-FR). */
export default {};
