/** Common problem management (en-US). */
export default {};
