/** Role management (ko-KR). */
export default {};
