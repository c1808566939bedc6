/** Registration and password recovery (ko-KR). */
export default {};
