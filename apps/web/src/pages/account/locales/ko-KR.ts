/** Personal center (ko-KR). */
export default {};
