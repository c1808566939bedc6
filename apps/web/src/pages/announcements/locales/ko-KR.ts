/** Announcement management (ko-KR). */
export default {};
