/** System log (ko-KR). */
export default {};
