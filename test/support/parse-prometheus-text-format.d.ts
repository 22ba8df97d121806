/** The package ships no types: it parses Prometheus text exposition into metric families. */
declare module 'parse-prometheus-text-format' {
  const parse: (text: string) => unknown[];
  export default parse;
}
