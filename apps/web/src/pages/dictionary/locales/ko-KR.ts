/** Dictionary management (ko-KR). */
export default {};
