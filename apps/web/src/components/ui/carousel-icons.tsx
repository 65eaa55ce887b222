/** The carousels' arrows (decorative: the buttons carry the labels). */
const chevron = (d: string) =>
  function Chevron() {
    return (
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d={d} />
      </svg>
    );
  };

export const ChevronLeft = chevron('m15 5-7 7 7 7');
export const ChevronRight = chevron('m9 5 7 7-7 7');
