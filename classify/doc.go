// Package classify holds the classifiers and the energy model that the USPS experiment
// (Welling, UAI 2009, section 10) compares herding against: multinomial logistic
// regression (MLR), the 1-nearest-neighbour rule with Manhattan distance (1-NN) and a
// restricted Boltzmann machine in the +-1 representation learned with CD-1 or PCD.
//
// # What it owns
//
//   - Matrix: dense row-major float64 data, and a matrix product whose every element is
//     one dot product computed alone, in a fixed order (gonum's assembly Dot), split over
//     the cores by rows. Results are therefore the same bytes for any GOMAXPROCS.
//   - Signs (signs.go): +-1 rows packed eight to a byte, whose products with float64
//     weights are table look-ups (internal/signtab, the "four Russians" trick): for every
//     group of 6 inputs and each of its 64 sign patterns the table holds the signed sum of
//     the group's weights for a block of 8 outputs, so a field over D = 256 visible units
//     is 43 additions of table rows instead of 256 multiply-adds, summed in a fixed order
//     whatever rows a core gets: the same bytes for any GOMAXPROCS. On amd64 with AVX2 and
//     FMA an assembly kernel (kernel_amd64.s) computes exp(-2|a|) four lanes at a time with
//     the same IEEE operations in the same order as the Go loop (tested bit for bit).
//   - MLR (mlr.go): softmax regression with an L2 penalty on the weights (not the
//     biases), objective (1/n) sum_n -log p(y_n | x_n) + (l2/2) |W|^2, minimised by
//     gonum's L-BFGS (gonum.org/v1/gonum/optimize, run serially) with the analytic
//     gradient. The gradient sums fixed chunks of 256 examples and adds the chunks in order, so it too
//     is independent of the core count. The L2 strength is chosen from a grid either on
//     a validation set (SelectL2) or by k-fold cross-validation (CrossValidateL2): lowest
//     error, ties going to the larger strength.
//   - NearestNeighbor (knn.go): 1-NN with the Manhattan (L1) distance; ties go to the
//     lowest training index. On +-1 pixels L1 is twice the Hamming distance.
//   - RBM (rbm.go): visible x in {-1,+1}^D, hidden h in {-1,+1}^K, negative energy
//     h.(W x + b) + c.x, so P(h_i = +1 | x) = 1/(1 + exp(-2 (W x + b)_i)) and
//     E[h_i | x] = tanh((W x + b)_i) (likewise for x given h with W^T h + c). Learning is
//     full batch, maximum-likelihood gradient with the positive term from the data
//     (hidden expectations). For CD-1 the negative term comes from one-step
//     reconstructions of every training vector (sample h from the data, sample x' from h,
//     expectations of h given x'), with step 1e-3 and momentum 0.9; for PCD from one
//     persistent chain advanced by one Gibbs step per update, with step 1e-3 and no
//     momentum. Gradients are averages over the batch (so the step is per example).
//     Randomness comes from herdsim's splitmix64 (internal/splitmix), seeded from
//     Config.Seed and drawn serially in a fixed order (thresholds are then compared on
//     every core): the same seed gives the same bytes on any machine.
//   - How the RBM computes (fast.go). The batch products are sign-table look-ups: the
//     hidden fields W x + b of the data, of CD's reconstructions and of the images given
//     to FreeEnergiesSigns (c.x rides along as one more output); CD's visible fields
//     W^T h + c (tables over groups of 6 hidden units); and the gradient's sums over the
//     batch, sum_n t_n,i s_n,j (tables over groups of 4 examples of the tanh values, one
//     look-up per pixel and group). All of it is float64, and the random draws are the
//     same, in the same order, as in the dot-product implementation it replaced; only the
//     order of the additions (and exp to within 2 ulps) differs. The learning dynamics
//     amplify such rounding differences (on a USPS digit, CD-1 with K = 50, the weights
//     of the two implementations differ by 2e-18 after one update, 1e-12 after 600 and
//     1e-9 after 850), so over the 2000 iterations of the USPS experiment the two give
//     the same model in distribution, not the same bytes. refRBM (ref_test.go) keeps the
//     old implementation as the test's reference.
//
// # RBM energies
//
// The USPS experiment needs an energy per image that plays the role of herding's
// F(x) = sum_i |(W x + b)_i| + c.x (docs/spec.md, "Model": the largest negative energy
// over z). For the RBM we use the true negative free energy in the same +-1 representation,
//
//	F_RBM(x) = log sum_h exp(h.(W x + b) + c.x) = sum_i log(2 cosh((W x + b)_i)) + c.x,
//
// computed stably as sum_i |a_i| + log(prod_i (1 + exp(-2|a_i|))), the product over
// chunks of 512 units (each factor is at most 2) with one log per chunk. Since
// log(2 cosh a) = |a| + log(1 + exp(-2|a|)), F_RBM is herding's max-over-z energy plus a
// soft correction that vanishes for large fields: the two are the same kind of quantity,
// and the RBM one is the unnormalised log-probability of x that the RBM defines.
//
// # Boundaries
//
// classify knows nothing of herding, of files or of the experiment's bookkeeping
// (internal/usps orchestrates). It must not import herdsim/herding or read or write files.
package classify
