/** User management (en-US). */
export default {};
