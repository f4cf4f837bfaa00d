/** Which of the discovery pages that list one kind of pin: the videos or the products. */
export type DiscoverySection = 'videos' | 'shopping';
