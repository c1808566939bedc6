/** Institution management and agent activation (ko-KR). */
export default {};
