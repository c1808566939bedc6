/** Role management (en-US). */
export default {};
