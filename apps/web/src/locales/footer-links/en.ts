/** The footer's links to blog, news and the live hosts (issue 14 item 8): loaded with the footer's chunk. */
const en = { footer: { blog: 'Blog', news: 'News', liveHosts: 'Live hosts' } };
export default en;
