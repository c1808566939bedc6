/** Institution management and agent activation (en-US). */
export default {};
