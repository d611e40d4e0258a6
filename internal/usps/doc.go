// Package usps runs the USPS experiment of Welling's herding paper (UAI 2009, section 10,
// Figure 3): herding (modes H and SH), RBMs learned with CD-1 and PCD, multinomial
// logistic regression (MLR) and 1-NN on the binarised USPS digits, averaged over seeded
// 700/300/100 splits.
//
// # The pipeline
//
// For each split and each energy model (H1..H5, SH1..SH5: herding with 50, 100, 250, 500,
// 1000 hidden units; CD1..CD3: RBMs with 50, 100, 250 hidden units learned by CD-1; PCD: 500
// hidden units learned by PCD), and for each class (digit) c:
//
//  1. learn on the class's 700 training images for Learn (1000) iterations;
//  2. for Collect (1000) more iterations, at each iteration t, take the energies of the
//     class's training images and of every validation and test image of all ten digits
//     (3000 + 1000 per split) under the same parameters: herding's F(x) =
//     sum_i |(W x + b)_i| + c.x (docs/spec.md) or the RBM's free energy
//     sum_i log(2 cosh((W x + b)_i)) + c.x (package classify); z-score the validation and
//     test energies with the mean and the population standard deviation of the training
//     energies at that iteration (Accumulator; a zero deviation counts as 1);
//  3. average the z-scores over the Collect iterations.
//
// The parameters used at iteration t of the collection are those the t-th collected
// Step's positive phase uses (the weights after Learn + t - 1 updates): the validation and
// test energies are computed just before the Step, and the training energies are the ones
// that Step's positive phase computes (herding.Engine.DataEnergies,
// classify.RBM.DataFreeEnergies), so both sides see the same weights at no extra cost.
//
// The ten averaged scores of an image (one per class model) are its features; MLR is
// fitted on the validation set's features, its L2 strength chosen by 5-fold
// cross-validation on the validation set (row n in fold n mod 5), and the test error is
// reported. The MLR and 1-NN baselines use the binarised pixels: both learn from the
// split's 7000 training images of all classes; MLR's L2 strength is the one with the
// lowest validation error; the test error is on the split's 1000 test images.
//
// # Work units, resume, shards and merge
//
// The grid runs on internal/units, the one mechanism of resumable, shardable work (the
// bit-width sweep uses it too). A unit is (split, model, class) for energy models and
// (split, model) for MLR and 1-NN; its key is split<s>/<model>/class<c> (or
// split<s>/<model>). A finished unit is one JSON file, OUT/units/<key>.json, written
// atomically, holding its settings and everything its model's features need (the
// averaged scores of every validation and test image, or the baseline's test errors). A
// run skips every unit whose file exists (and refuses one whose settings differ), so an
// interrupted run resumes where it stopped. Units are listed in a fixed order; with Shard
// i/n a run does units i, i+n, i+2n, ... so n machines can share the grid, in one folder
// or in their own. Merge gathers the unit files of several output folders of one plan
// into one (identical files may repeat; differing ones are an error) and writes the
// results. Results are computed only from unit files, so a resumed, sharded or single run
// gives the same bytes.
//
// # Outputs
//
// results.json ({"models": {"MLR": {"test_error_mean", "test_error_se", "splits", "l2"},
// ...}}, errors in percent, SE = sample standard deviation / sqrt(splits), 0 for one
// split), results.md (a markdown table) and results.png (bar chart with standard-error
// bars, like Figure 3). plan.json records the grid of the last run (for merge);
// timing.jsonl gets one line of wall time per finished unit (its key, name, model, split,
// class, seconds and GOMAXPROCS) and is the only output that depends on the machine.
//
// # Boundaries
//
// This package orchestrates; it must not change the dynamics (package herding) or the
// learners (package classify), and it draws no pictures itself (internal/pictures does).
// Resume, shards, unit files, the plan file, the timing log and merging are
// internal/units'; this package says what a unit is and computes it.
package usps
