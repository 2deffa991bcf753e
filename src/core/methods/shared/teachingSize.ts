/**
 * The teaching views (Ghinita Fig. 1, PTA Figs. 3-7, COAT Example 4.1) draw every row and step of
 * a run: they are for the papers' small examples and datasets of a similar size only. A method's
 * `teach.maxRows`; the run pipeline refuses larger datasets before any work.
 */
export const TEACHING_ROWS = 60;
