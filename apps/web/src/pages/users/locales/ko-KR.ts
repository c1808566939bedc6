/** User management (ko-KR). */
export default {};
