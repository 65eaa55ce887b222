// Started by first-calls.js (issue 11): ICU's first use in the page, in this worker rather than the main thread.
new Intl.DateTimeFormat('bn-BD', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' }).format(0);
new Intl.NumberFormat('bn-BD').format(0);
close();
