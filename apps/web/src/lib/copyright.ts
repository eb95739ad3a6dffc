/** Spec section 1: the copyright runs from 2011 to the current year. */
export const COPYRIGHT_START_YEAR = 2011;

/** The id of the element holding the end year, which the inline script below corrects. */
export const COPYRIGHT_YEAR_ID = 'ln-copyright-year';

/**
 * The page is prerendered, so the build year is baked in; this inline script moves it forward
 * when the page is viewed in a later year. It never moves it back (a visitor's clock can be
 * wrong, and the build year is certainly past).
 */
export const COPYRIGHT_YEAR_SCRIPT = `(function(){var e=document.getElementById('${COPYRIGHT_YEAR_ID}'),y=new Date().getFullYear();if(e&&y>+e.textContent)e.textContent=String(y)})();`;
