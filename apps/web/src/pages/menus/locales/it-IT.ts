/** Menu management (it-IT). */
export default {};
