// hls.js ships no types for its light build (the same player without subtitles, alternate audio
// or DRM); its API is the full build's.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
