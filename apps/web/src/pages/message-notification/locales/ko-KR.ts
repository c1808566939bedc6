/** Message notification (ko-KR). */
export default {};
