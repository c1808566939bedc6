/** Dictionary management (en-US). */
export default {};
