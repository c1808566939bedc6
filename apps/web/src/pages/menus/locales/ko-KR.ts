/** Menu management (ko-KR). */
export default {};
