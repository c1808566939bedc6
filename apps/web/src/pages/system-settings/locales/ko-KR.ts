/** System settings (ko-KR). */
export default {};
