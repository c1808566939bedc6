/** Menu management (en-US). */
export default {};
