/** Common problem management (ko-KR). */
export default {};
